/** A mail's fixed text with its %{name} places filled (the texts: each feature's mailTexts.ts). */
export const fill = (text: string, values: Record<string, string>) => text.replace(/%\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
