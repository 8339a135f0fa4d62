// Loaded with `node --import` by tests/api/graceful-stop.test.ts: any attempt to resolve
// pino-pretty fails, which proves that a production process never loads it.
import { registerHooks } from 'node:module';

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === 'pino-pretty' || specifier.startsWith('pino-pretty/')) {
      throw new Error('pino-pretty must not be loaded in this process');
    }
    return nextResolve(specifier, context);
  },
});
