// node-polyglot (under ra-i18n-polyglot) requires the `object.entries` polyfill, which drags
// get-intrinsic, call-bind, define-properties and a dozen more shims into every page that
// translates. Every browser the portal supports has Object.entries; vite.config.ts points the
// package here. Measured: see the commit and bench/README.md "Page weight in the browser".
module.exports = Object.entries;
