/** The stored user (SPEC §3), kept in localStorage under 'user'. */
export interface User {
  id: string;
  email: string;
  name: string | null;
  picture: string | null;
  avatar_url: string | null;
  credits: number;
  can_manage_blog: boolean;
  is_admin?: boolean;
  provider: 'google' | 'dev';
}
