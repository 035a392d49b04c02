require('@testing-library/jest-dom');
// jsdom lacks these; react-router needs them.
const { TextEncoder, TextDecoder } = require('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder });
// jsdom has <dialog> without its modal methods: open/close it the way browsers do (minus inertness).
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal() {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close() {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}
// findBy*/waitFor wait up to 4 s rather than 1 s: on a busy 2-core machine a render plus the
// pages' real debounce timers can take longer than a second. Only the waiting changes, not what
// is asserted.
require('@testing-library/react').configure({ asyncUtilTimeout: 4000 });
// HTML from the database renders through @shop/shared's SafeHtml, whose sanitiser a browser loads
// the first time it needs it; component tests start with it loaded (SafeHtml.test covers loading).
beforeAll(() => require('@shop/shared').loadSanitizer());
