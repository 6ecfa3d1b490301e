// Standalone page for `npm run dev -w mfe-admin`; the production build only exposes pages to the shell.
import('./standalone');
