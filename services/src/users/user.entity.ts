import type { AuthProvider } from '@veo3/contracts/auth';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

@Entity('users')
export class UserEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ type: 'varchar', length: 320 })
  email: string;

  @Column({ type: 'varchar', length: 200, nullable: true })
  name: string | null;

  @Column({ type: 'varchar', length: 1000, nullable: true })
  picture: string | null;

  @Column({ type: 'varchar', length: 20 })
  provider: AuthProvider;

  /** Google's `sub`, or the e-mail for dev sign-in: the stable identity, unlike the e-mail. */
  @Column({ name: 'provider_subject', type: 'varchar', length: 255, nullable: true })
  providerSubject: string | null;

  /** Cached balance; always equal to the sum of the user's ledger (ARCHITECTURE §5). */
  @Column({ type: 'int', default: 0 })
  credits: number;

  /** A copy of the roles in effect at the last sign-in, for operators: access checks never read it (rolesFor). */
  @Column({ name: 'can_manage_blog', type: 'boolean', default: false })
  canManageBlog: boolean;

  /** As canManageBlog: a copy, never read for access. */
  @Column({ name: 'is_admin', type: 'boolean', default: false })
  isAdmin: boolean;

  /** The admin role granted in the admin console (the configuration may give it too). */
  @Column({ name: 'admin_granted', type: 'boolean', default: false })
  adminGranted: boolean;

  /** The blog-manager role granted in the admin console. */
  @Column({ name: 'blog_manager_granted', type: 'boolean', default: false })
  blogManagerGranted: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'datetime', precision: 3 })
  updatedAt: Date;

  /** When the account was deleted: the row stays, emptied of personal data, for the ledger and payments kept. */
  @Column({ name: 'erased_at', type: 'datetime', precision: 3, nullable: true })
  erasedAt: Date | null;
}
