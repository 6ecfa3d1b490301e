import { useSearchParams } from '@veo3/platform/routing/router';
import { useT } from '@veo3/platform/i18n/i18n';
import { usePageMeta } from '@veo3/platform/seo/use-page-meta';
import { blogMessages } from '../blog.messages';
import { PostList } from './post-list';
import styles from './blog-list-page.module.css';

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 1 ? page : 1;
}

export default function BlogListPage() {
  const t = useT(blogMessages);
  usePageMeta(t('listTitle'), '/blog', t('listIntro'));
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params.get('page'));

  const changePage = (next: number) => {
    setParams(next > 1 ? { page: String(next) } : {});
    window.scrollTo({ top: 0 });
  };

  return (
    <div className={styles.page}>
      <header className={styles.hero}>
        <p className={styles.eyebrow}>{t('listEyebrow')}</p>
        <h1 className={styles.title}>{t('listTitle')}</h1>
        <p className={styles.intro}>{t('listIntro')}</p>
      </header>
      {/* Posts arrive with the blog API (GET /api/blog/posts); until then the list is empty. */}
      <PostList posts={[]} page={page} pages={0} onPageChange={changePage} />
    </div>
  );
}
