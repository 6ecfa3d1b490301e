import { Link } from '@veo3/platform/routing/router';
import { useLoginPath } from '@veo3/platform/session/login-return';

export interface SignInNoticeProps {
  title: string;
  text: string;
  login: string;
  /** The page's own classes, so the notice sits where the page would. */
  classes: { page: string; title: string; text?: string };
}

/** A signed-out visitor's view of a page that needs an account: Login comes back to this page. */
export function SignInNotice({ title, text, login, classes }: SignInNoticeProps) {
  const loginPath = useLoginPath();
  return (
    <section className={classes.page}>
      <h1 className={classes.title}>{title}</h1>
      <p className={classes.text}>{text}</p>
      <Link to={loginPath} className="pf-button pf-button--primary pf-button--md">
        {login}
      </Link>
    </section>
  );
}
