import type { FastifyInstance } from 'fastify';

/**
 * "METHOD /path/{}" for every /api route but Swagger UI's, read from Fastify's route tree
 * (printRoutes), with every path parameter written `{}`: the tree merges parameters of different
 * names at one position (`/:id|:companyId`), so their names cannot be told apart there.
 * `normalizedPath` writes an OpenAPI path the same way for comparison.
 */
export function apiRouteTable(app: FastifyInstance): string[] {
  const out: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false, includeMeta: false }).split('\n')) {
    // Each level of the tree indents by four characters; a node's text follows "├── " or "└── ".
    const match = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + match[2];
    stack.push(path);
    if (!match[3] || !path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
    for (const method of match[3].split(', ')) if (method !== 'HEAD') out.push(`${method} ${normalizedPath(path)}`);
  }
  return out;
}

/** A path with each parameter (`:id`, `:id|:companyId`, `{id}`) written `{}`. */
export function normalizedPath(path: string): string {
  return path.replace(/:\w+(\|:\w+)*|\{\w+\}/g, '{}');
}
