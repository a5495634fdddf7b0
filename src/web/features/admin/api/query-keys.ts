import type { InfiniteData, QueryClient } from '@tanstack/react-query';

export const adminKeys = {
  all: ['admin'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  services: (includeDeleted: boolean) => [...adminKeys.all, 'services', { includeDeleted }] as const,
  reports: (status: string, kind = 'all') => [...adminKeys.all, 'reports', { status, kind }] as const,
  conversations: () => [...adminKeys.all, 'conversations'] as const,
  messages: (conversationId: number) => [...adminKeys.all, 'conversations', conversationId, 'messages'] as const,
  audit: () => [...adminKeys.all, 'audit'] as const,
  appeals: (status: string) => [...adminKeys.all, 'appeals', { status }] as const,
  backups: () => [...adminKeys.all, 'backups'] as const,
  overview: () => [...adminKeys.all, 'overview'] as const,
};

/** Every administrator action is written to the audit log: its list is stale after each one. */
export function invalidateAudit(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: adminKeys.audit() });
}

/** The items of all loaded pages of an admin list. */
export function itemsOf<P, T>(data: InfiniteData<P> | undefined, pick: (page: P) => T[]): T[] {
  return data?.pages.flatMap(pick) ?? [];
}

/** Query string of a page request: the filters plus the cursor, empty values left out. */
export function pageQuery(params: Record<string, string | boolean | undefined>, cursor: string | null): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  if (cursor) search.set('cursor', cursor);
  const text = search.toString();
  return text ? `?${text}` : '';
}
