import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Context } from 'hono';

/** Where `npm run build` puts the viewer, inside the installed package. */
export const BUILT_VIEWER_DIR = fileURLToPath(new URL('../../viewer/dist/', import.meta.url));

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * The viewer's page: scripts only from this origin, layout workers from blob URLs (ForceAtlas2
 * builds its worker that way), no framing.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Serves the built viewer from `root`: files by path, and `index.html` for every page route so a
 * shared URL opens the app. Paths that climb out of `root` are not found.
 */
export async function serveViewer(c: Context, root: string): Promise<Response> {
  const requested = safeRelativePath(c.req.path);
  if (requested === undefined) return c.json({ error: `no such file: ${c.req.path}` }, 404);
  const isPage = requested === '' || extname(requested) === '';
  const file = join(root, isPage ? 'index.html' : requested);
  if (!(await isFile(file))) {
    if (isPage) {
      return c.text(
        'The viewer is not built. Run `npm run build` in the kgmem package, then restart `kgmem serve`.',
        503,
      );
    }
    return c.json({ error: `no such file: ${c.req.path}` }, 404);
  }
  const body = await readFile(file);
  c.header(
    'Content-Type',
    (Object.hasOwn(CONTENT_TYPES, extname(file)) ? CONTENT_TYPES[extname(file)] : undefined) ??
      'application/octet-stream',
  );
  if (isPage) {
    c.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    c.header('Cache-Control', 'no-cache');
  } else if (requested.startsWith(`assets${sep}`)) {
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
  }
  return c.body(body);
}

function safeRelativePath(urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const relative = normalize(decoded).replace(/^[/\\]+/, '');
  if (relative.startsWith('..') || relative.split(/[/\\]/).includes('..')) return undefined;
  return relative;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
