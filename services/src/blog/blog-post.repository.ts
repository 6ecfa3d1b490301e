import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type Repository } from 'typeorm';
import { BlogPostEntity } from './blog-post.entity';

/** The fields a post is written with (the rest have defaults or are generated). */
export type BlogPostFields = Partial<Omit<BlogPostEntity, 'id' | 'createdAt' | 'updatedAt'>>;

/** Every read and write of `blog_posts`. */
@Injectable()
export class BlogPostRepository {
  private readonly posts: Repository<BlogPostEntity>;

  constructor(dataSource: DataSource) {
    this.posts = dataSource.getRepository(BlogPostEntity);
  }

  /** Removes a deleted account's name, picture and id from the posts they wrote, in `m`'s transaction; how many. */
  async forgetAuthor(m: EntityManager, authorId: string): Promise<number> {
    const { affected } = await m.update(
      BlogPostEntity,
      { authorId },
      { authorId: null, authorName: null, authorAvatar: null },
    );
    return affected ?? 0;
  }

  /** One page of published posts, newest first, and how many there are. */
  publishedPage(skip: number, take: number): Promise<[BlogPostEntity[], number]> {
    return this.posts.findAndCount({
      where: { status: 'published' },
      order: { publishedAt: 'DESC', id: 'DESC' },
      skip,
      take,
    });
  }

  findPublishedBySlug(slug: string): Promise<BlogPostEntity | null> {
    return this.posts.findOneBy({ slug, status: 'published' });
  }

  /** The newest published posts, at most `take`. */
  latestPublished(take: number): Promise<BlogPostEntity[]> {
    return this.posts.find({ where: { status: 'published' }, order: { publishedAt: 'DESC', id: 'DESC' }, take });
  }

  /** Every published post's slug and last change, newest first. */
  publishedSlugs(): Promise<Pick<BlogPostEntity, 'slug' | 'updatedAt'>[]> {
    return this.posts.find({
      select: { slug: true, updatedAt: true },
      where: { status: 'published' },
      order: { publishedAt: 'DESC', id: 'DESC' },
    });
  }

  /** One page of all posts (any status), newest created first. */
  page(skip: number, take: number): Promise<BlogPostEntity[]> {
    return this.posts.find({ order: { createdAt: 'DESC', id: 'DESC' }, skip, take });
  }

  /** The posts `authorId` wrote from `skip`, oldest first, drafts too (the data export). */
  pageByAuthor(authorId: string, skip: number, take: number): Promise<BlogPostEntity[]> {
    return this.posts.find({ where: { authorId }, order: { createdAt: 'ASC', id: 'ASC' }, skip, take });
  }

  findById(id: number): Promise<BlogPostEntity | null> {
    return this.posts.findOneBy({ id });
  }

  /** Inserts a post; its new id. */
  async insert(fields: BlogPostFields): Promise<number> {
    const { identifiers } = await this.posts.insert(fields);
    return Number(identifiers[0]!.id);
  }

  async update(id: number, fields: BlogPostFields): Promise<void> {
    await this.posts.update({ id }, fields);
  }

  /** Whether a post was deleted. */
  async delete(id: number): Promise<boolean> {
    const { affected } = await this.posts.delete({ id });
    return Boolean(affected);
  }

  /** Adds `count` views to a post in one atomic increment. */
  async addViews(id: number, count: number): Promise<void> {
    await this.posts.increment({ id }, 'viewCount', count);
  }

  /** The ids and slugs of posts whose slug is `base` or starts with `base-`. */
  slugsLike(base: string): Promise<Pick<BlogPostEntity, 'id' | 'slug'>[]> {
    return this.posts
      .createQueryBuilder('p')
      .select(['p.id', 'p.slug'])
      .where('p.slug = :base OR p.slug LIKE :pattern', { base, pattern: `${base}-%` })
      .getMany();
  }
}
