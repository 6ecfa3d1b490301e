// Standalone page for `npm run dev -w mfe-generator`; the production build only exposes pages to the shell.
import('./standalone');
