// What a style sheet import is in the unit tier: a CSS module's class names as their own keys, so a
// component's module can be imported by a test that never renders it.
module.exports = new Proxy({}, { get: (_target, key) => (key === '__esModule' ? false : key) });
