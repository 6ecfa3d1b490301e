require('@testing-library/jest-dom');
const { TextDecoder, TextEncoder } = require('node:util');

// jsdom lacks TextEncoder, which React Router needs when it loads.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// React 19 warns unless the test environment says it wraps updates in act().
globalThis.IS_REACT_ACT_ENVIRONMENT = true;
