import { StandaloneRemote } from '@veo3/platform/dev/standalone-remote';
import AdminPage from './console/admin-page';

StandaloneRemote({
  name: 'mfe-admin',
  routes: [{ path: '/admin/*', element: <AdminPage /> }],
});
