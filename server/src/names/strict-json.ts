/**
 * Strict JSON for signed messages: JSON.parse keeps the LAST of two equal keys, while a person
 * reading the text sees the first, so a signed text with `name` twice could register another
 * name than the one shown. Each object's keys must occur once, and `__proto__` never.
 */

/** The first key that occurs twice in one object of `text` (already valid JSON), or `__proto__`; else undefined. */
export function repeatedJsonKey(text: string): string | undefined {
  const stack: ({ keys: Set<string>; expectKey: boolean } | null)[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '{') stack.push({ keys: new Set(), expectKey: true });
    else if (c === '[') stack.push(null);
    else if (c === '}' || c === ']') stack.pop();
    else if (c === ',') {
      const top = stack.at(-1);
      if (top) top.expectKey = true;
    } else if (c === '"') {
      let end = i + 1;
      while (text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      const top = stack.at(-1);
      if (top?.expectKey) {
        const key = JSON.parse(text.slice(i, end + 1)) as string;
        if (key === '__proto__' || top.keys.has(key)) return key;
        top.keys.add(key);
        top.expectKey = false;
      }
      i = end;
    }
  }
  return undefined;
}
