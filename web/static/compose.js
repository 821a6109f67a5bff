// The composer, for any game: a form of table/_compose.html builds ONE legal action out of
// several choices (its fields, one per argument of the action's text), where listing every
// combination would make hundreds of buttons. The form offers only what the legal list
// allows: each field the values some legal action takes given the fields before it, a later
// field moved to the nearest such value when an earlier one changes. Its button's data-act
// follows the action composed, so that the page plays it as it plays any other action.

const argsOf = (text) => text.split(" ");

// Fit every composer under ``root`` to the legal actions (when a table is drawn).
export function fitCompose(root, legal) {
  for (const form of root.querySelectorAll("form[data-compose]")) fit(form, legal);
}

// A field of a composer changed: fit its form again. False if ``target`` is no such field.
export function composeChanged(target, legal) {
  const form = target.closest && target.closest("form[data-compose]");
  if (!form || target.dataset.arg === undefined) return false;
  fit(form, legal);
  return true;
}

// An element outside the form that sets one of its fields (data-compose-pick="<verb> <arg>
// <value>": a Region of a map for the Region of an Order): the field takes the value, the form
// fits again. False if ``target`` is no such element, or its value is not open now.
export function composePick(target, legal) {
  const el = target.closest && target.closest("[data-compose-pick]");
  if (!el) return false;
  const [verb, arg, value] = el.dataset.composePick.split(" ");
  const form = document.querySelector(`form[data-compose="${CSS.escape(verb)}"]`);
  const field = form && form.querySelector(`[data-arg="${CSS.escape(arg)}"]`);
  if (!field || el.getAttribute("aria-disabled") === "true") return Boolean(field);
  field.value = value;
  fit(form, legal);
  // the form's button in view (on a phone the map is far below it)
  const go = form.querySelector(".compose-go");
  if (go && go.scrollIntoView) go.scrollIntoView({ block: "nearest" });
  return true;
}

// The button of the composer an event came from (a submit: Enter in a field).
export function composeButton(form) {
  return form.matches("form[data-compose]") ? form.querySelector(".compose-go[data-act]") : null;
}

function fit(form, legal) {
  const verb = form.dataset.compose;
  const fields = [...form.querySelectorAll("[data-arg]")].sort((a, b) => a.dataset.arg - b.dataset.arg);
  let pool = legal.map((a) => ({ action: a, args: argsOf(a.text) })).filter((x) => x.args[0] === verb);
  const go = form.querySelector(".compose-go");
  if (!pool.length) {
    go.disabled = true;
    return;
  }
  const open = {};
  fields.forEach((field) => {
    const at = Number(field.dataset.arg) + 1;
    const values = [...new Set(pool.map((x) => x.args[at]))];
    open[field.dataset.arg] = values;
    let value = String(field.value).trim();
    if (field.tagName === "SELECT") {
      for (const option of field.options) {
        const open = values.includes(option.value);
        option.disabled = !open;
        option.hidden = !open;
      }
      if (!values.includes(value)) value = [...field.options].find((o) => !o.disabled)?.value ?? values[0];
    } else if (field.type === "number") {
      const numbers = values.map(Number);
      const low = Math.min(...numbers);
      const high = Math.max(...numbers);
      field.min = String(low);
      field.max = String(high);
      const range = field.parentElement.querySelector(".compose-range");
      if (range) {
        range.textContent = low === high ? `only ${low}` : `${low}–${high}`;
      }
      let n = Math.round(Number(value));
      if (value === "" || !Number.isFinite(n)) n = low;
      if (!numbers.includes(n)) {
        const below = numbers.filter((v) => v <= n);
        n = below.length ? Math.max(...below) : low;
      }
      value = String(n);
    } else if (!values.includes(value)) {
      value = values[0];
    }
    if (field.value !== value) field.value = value;
    pool = pool.filter((x) => x.args[at] === value);
  });
  // the elements that pick a field's value: open or not, chosen or not
  for (const el of document.querySelectorAll(`[data-compose-pick^="${CSS.escape(verb)} "]`)) {
    const [, arg, value] = el.dataset.composePick.split(" ");
    const field = fields.find((f) => f.dataset.arg === arg);
    el.setAttribute("aria-disabled", String(!(open[arg] || []).includes(value)));
    el.setAttribute("aria-pressed", String(Boolean(field) && String(field.value) === value));
  }
  const chosen = pool[0].action;
  go.disabled = false;
  go.dataset.act = String(chosen.index);
  go.dataset.action = chosen.text;
  const what = form.querySelector(".compose-what");
  if (what && what.textContent !== chosen.label) what.textContent = chosen.label;
}
