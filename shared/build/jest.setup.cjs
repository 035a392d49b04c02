require('@testing-library/jest-dom');
// jsdom lacks these; react-router needs them.
const { TextEncoder, TextDecoder } = require('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder });
