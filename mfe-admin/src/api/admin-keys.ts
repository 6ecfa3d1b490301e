import type { ApiUsageFilter, AuditFilter, UsersFilter } from './admin-api';

/** Query keys of the admin console; an action invalidates the lists and the user it touched. */
export const adminKeys = {
  all: ['admin'] as const,
  overview: (from: string, to: string) => [...adminKeys.all, 'overview', from, to] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  userList: (filter: UsersFilter) => [...adminKeys.users(), 'list', filter] as const,
  user: (id: string) => [...adminKeys.users(), 'detail', id] as const,
  payments: () => [...adminKeys.all, 'payments'] as const,
  paymentList: (filter: { page: number; status?: string }) => [...adminKeys.payments(), filter] as const,
  tasks: () => [...adminKeys.all, 'tasks'] as const,
  taskList: (filter: { status: string; page: number }) => [...adminKeys.tasks(), filter] as const,
  audit: () => [...adminKeys.all, 'audit'] as const,
  auditList: (filter: AuditFilter & { page: number }) => [...adminKeys.audit(), filter] as const,
  apiUsage: () => [...adminKeys.all, 'api-usage'] as const,
  apiUsageList: (filter: ApiUsageFilter) => [...adminKeys.apiUsage(), filter] as const,
};
