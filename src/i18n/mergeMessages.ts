import type { StringMap, TranslationMessages } from 'ra-core';

type MessageTree = StringMap;

function isTree(value: unknown): value is MessageTree {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function mergeInto(target: MessageTree, source: MessageTree): MessageTree {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    target[key] = isTree(value) && isTree(existing) ? mergeInto({ ...existing }, value) : value;
  }
  return target;
}

/**
 * Deep-merges message modules (react-admin's catalogue first, then each feature's partial tree).
 * A later module wins a clash; tests/unit/i18n.test.ts makes sure there is none.
 */
export function mergeMessages(base: TranslationMessages, ...modules: readonly MessageTree[]): TranslationMessages {
  const merged = mergeInto({}, base);
  for (const module of modules) mergeInto(merged, module);
  return merged as TranslationMessages;
}

/** Dotted key → text, e.g. "ra.action.save" → "Speichern". */
export function flattenMessages(tree: MessageTree, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') flat.set(path, value);
    else if (isTree(value)) for (const [k, v] of flattenMessages(value, path)) flat.set(k, v);
  }
  return flat;
}

/** Keys that two modules define with different texts. */
export function messageConflicts(...modules: readonly MessageTree[]): string[] {
  const seen = new Map<string, string>();
  const conflicts: string[] = [];
  for (const module of modules) {
    for (const [key, text] of flattenMessages(module)) {
      const previous = seen.get(key);
      if (previous !== undefined && previous !== text) conflicts.push(key);
      seen.set(key, text);
    }
  }
  return conflicts;
}
