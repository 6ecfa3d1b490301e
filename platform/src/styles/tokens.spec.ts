import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(__dirname, '..', '..', '..');
const tokenSheet = join(root, 'platform', 'src', 'styles', 'tokens.css');

// CSS's named colours (CSS Color 4), written as words so that a colour cannot hide behind a name.
const NAMED_COLOURS = new Set(
  `aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown
  burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan
  darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid
  darkred darksalmon darkseagreen darkslateblue darkslategray darkslategrey darkturquoise darkviolet
  deeppink deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro
  ghostwhite gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki
  lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow
  lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray
  lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon mediumaquamarine
  mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen mediumturquoise
  mediumvioletred midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive olivedrab
  orange orangered orchid palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru
  pink plum powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown
  seagreen seashell sienna silver skyblue slateblue slategray slategrey snow springgreen steelblue tan
  teal thistle tomato turquoise violet wheat white whitesmoke yellow yellowgreen`.split(/\s+/),
);
const HEX = /#[0-9a-f]{3,8}\b/i;
const COLOUR_FUNCTION = /\b(rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\(/i;

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

function workspaceCss(): string[] {
  const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { workspaces: string[] };
  return workspaces.flatMap((workspace) => {
    try {
      return cssFiles(join(root, workspace, 'src'));
    } catch {
      return [];
    }
  });
}

/** The CSS a browser paints from: comments, strings and url() contents (data-URI SVG) blanked, lines kept. */
function paintedCss(css: string): string {
  const blank = (text: string) => text.replace(/[^\n]/g, ' ');
  return css
    .replace(/\/\*[\s\S]*?\*\//g, blank)
    .replace(/url\([^)]*\)/g, blank)
    .replace(/'[^'\n]*'|"[^"\n]*"/g, blank);
}

/** Each declaration's value with its line, from the innermost blocks (rules, not @media or selectors). */
function declarations(css: string): { line: number; value: string }[] {
  return [...css.matchAll(/\{([^{}]*)\}/g)].flatMap((block) =>
    [...(block[1] ?? '').matchAll(/[\w-]+\s*:([^;]*)/g)].map((declaration) => ({
      line: css.slice(0, block.index + 1 + declaration.index).split('\n').length,
      value: declaration[1] ?? '',
    })),
  );
}

function colourLiteral(value: string): string | null {
  const match = HEX.exec(value) ?? COLOUR_FUNCTION.exec(value);
  if (match) return match[0];
  return value.match(/[\w-]+/g)?.find((word) => NAMED_COLOURS.has(word.toLowerCase())) ?? null;
}

function colourLiterals(file: string): string[] {
  return declarations(paintedCss(readFileSync(file, 'utf8'))).flatMap(({ line, value }) => {
    const literal = colourLiteral(value);
    return literal ? [`${relative(root, file)}:${line} ${literal}`] : [];
  });
}

function tokensUsed(file: string): string[] {
  return [...paintedCss(readFileSync(file, 'utf8')).matchAll(/var\(\s*(--pf-[\w-]+)/g)].flatMap(
    (match) => match[1] ?? [],
  );
}

describe('design tokens', () => {
  const files = workspaceCss();

  it('finds the stylesheets of the shell, platform and every remote', () => {
    const workspaces = new Set(files.map((file) => relative(root, file).split('/')[0]));
    expect([...workspaces].sort()).toEqual(
      ['mfe-admin', 'mfe-billing', 'mfe-blog', 'mfe-blog-admin', 'mfe-generator', 'platform', 'shell'].sort(),
    );
  });

  it('writes no colour outside the token sheet', () => {
    const literals = files.filter((file) => file !== tokenSheet).flatMap(colourLiterals);
    expect(literals).toEqual([]);
  });

  it('defines every --pf- token that a stylesheet uses', () => {
    const defined = new Set(
      [...readFileSync(tokenSheet, 'utf8').matchAll(/^\s*(--pf-[\w-]+):/gm)].map((match) => match[1]),
    );
    const undefinedTokens = files.flatMap((file) =>
      tokensUsed(file)
        .filter((token) => !defined.has(token))
        .map((token) => `${relative(root, file)} ${token}`),
    );
    expect(undefinedTokens).toEqual([]);
  });

  it('is imported by the shell before any other stylesheet', () => {
    const bootstrap = readFileSync(join(root, 'shell', 'src', 'bootstrap.tsx'), 'utf8');
    const stylesheets = [...bootstrap.matchAll(/^import '([^']+\.css)';$/gm)].map((match) => match[1]);
    expect(stylesheets[0]).toBe('@veo3/platform/styles/tokens.css');
  });
});
