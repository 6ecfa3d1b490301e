import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@veo3/platform/api/api-client';
import { toCommunityItem, type CommunityItem } from './community-items';

/** How many of the community's most viewed videos the home gallery shows among the posts. */
export const HOME_COMMUNITY_COUNT = 12;

export const communityKeys = {
  home: ['gallery', 'home', HOME_COMMUNITY_COUNT] as const,
};

const NONE: CommunityItem[] = [];

/**
 * The community's most viewed videos, read once the page is live (the home page is pre-rendered at
 * build time, long before they exist). Until they come, or if they cannot, none: the posts alone.
 */
export function useCommunityItems(): readonly CommunityItem[] {
  const query = useQuery({
    queryKey: communityKeys.home,
    queryFn: async ({ signal }) => {
      const reply = await apiRequest('GET /api/gallery', {
        identity: 'bearer',
        query: { sort: 'popular', limit: HOME_COMMUNITY_COUNT },
        signal,
      });
      return reply.data.items.map(toCommunityItem);
    },
  });
  return query.data ?? NONE;
}
