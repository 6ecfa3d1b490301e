/**
 * The router for the shell and every remote. It is shared as a platform singleton instead of
 * sharing react-router-dom itself: a shared package is never tree-shaken, and the whole of
 * React Router 7 is ~60 KB gzip where these exports are a fraction of it (see `npm run bench:web`).
 * Import routing only from here (lint enforces it), so there is one router context per page.
 */
export {
  BrowserRouter,
  Link,
  NavLink,
  Navigate,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useSearchParams,
} from 'react-router';
export type { LinkProps, NavLinkProps, NavigateFunction, SetURLSearchParams } from 'react-router';
