import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { inventoryPaths } from '@bilmarknaden/shared/api-paths';
import type { ImportRun } from '@bilmarknaden/shared/schemas/dealer-import-schemas';
import { apiFetch, inventoryUrl } from '../../../lib/api-client.ts';
import { logged } from '../../../lib/logged.ts';
import { useSessionToken } from '../../../lib/session-store.ts';

export const dealerImportKeys = {
  runs: (slug: string) => ['dealer-imports', slug] as const,
};

/** How often the runs are read again while one is queued or running (the progress). */
export const PROGRESS_POLL_MS = 2000;

const underWay = (runs: readonly ImportRun[] | undefined) =>
  runs?.some((r) => r.status === 'queued' || r.status === 'running') ?? false;

/** The dealer's latest runs with their progress and reports; read again while one is under way. */
export function useImportRuns(slug: string) {
  const token = useSessionToken();
  return useQuery({
    queryKey: dealerImportKeys.runs(slug),
    queryFn: ({ signal }) =>
      logged(apiFetch<ImportRun[]>(inventoryUrl(inventoryPaths.dealerImports(slug)), { auth: true, signal })),
    enabled: token !== null,
    refetchInterval: (query) => (underWay(query.state.data) ? PROGRESS_POLL_MS : false),
    // A refusal (not a member: 403) is an answer, not a failure to retry.
    retry: false,
  });
}

/** Uploads a feed file; `full`: the dealer's imported cars absent from it are marked sold. */
export function useUploadFeed(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, full }: { file: File; full: boolean }) => {
      const body = new FormData();
      body.append('full', String(full));
      body.append('feed', file);
      return apiFetch<{ id: number; total: number }>(inventoryUrl(inventoryPaths.dealerImports(slug)), {
        method: 'POST',
        auth: true,
        body,
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dealerImportKeys.runs(slug) }),
  });
}
