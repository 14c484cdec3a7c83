// `npm run bench`: each benchmark in turn, one after the other so that they do not share the CPU.
export {}
await import('./accounts.bench.js')
await import('./organizations.bench.js')
await import('./classes.bench.js')
await import('./invitation-import.bench.js')
await import('./ingestion.bench.js')
await import('./class-exports.bench.js')
await import('./first-load.bench.js')
await import('./web-vitals.bench.js')
await import('./reports.bench.js')
await import('./load.bench.js')
await import('./platform.bench.js')
