require('@testing-library/jest-dom');

// React 19 warns unless the test environment says it wraps updates in act().
globalThis.IS_REACT_ACT_ENVIRONMENT = true;
