/** `text` matched literally by LIKE … ESCAPE '!' (the same escape character on SQLite and MySQL). */
export const likeLiteral = (text: string): string => text.replace(/[!%_]/g, (c) => `!${c}`);
