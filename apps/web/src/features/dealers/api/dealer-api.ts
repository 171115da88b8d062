import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { identityPaths } from '@bilmarknaden/shared/api-paths';
import type { DealerProfile } from '@bilmarknaden/shared/schemas/dealer-schemas';
import type {
  ApiKey,
  ApiKeyCreated,
  DealerApplication,
  DealerMembers,
  OwnDealer,
  OwnDealerAnswer,
} from '@bilmarknaden/shared/schemas/dealer-account-schemas';
import { ApiRequestError, apiFetch, identityUrl } from '../../../lib/api-client.ts';
import { getToken } from '../../../lib/session-store.ts';
import { logged } from '../../../lib/logged.ts';

// Identity's dealer routes (issue 45) as the dealer screens use them.

export const dealerKeys = {
  own: ['dealer', 'own'] as const,
  members: ['dealer', 'members'] as const,
  apiKeys: ['dealer', 'api-keys'] as const,
  profile: (slug: string) => ['dealer', 'profile', slug] as const,
  applications: ['dealer', 'applications'] as const,
};

/** The form's body: what the rules read. */
export interface DealerBody {
  orgNumber: string;
  name: string;
  street: string;
  postalCode: string;
  city: string;
  kommun: string;
  phone: string;
  openingHours: { days: string; hours: string }[];
  presentation: string;
}

/** The caller's dealer, whatever its status, or null ('Bli handlare'). */
export function useOwnDealer(enabled = true) {
  return useQuery({
    queryKey: dealerKeys.own,
    queryFn: ({ signal }) =>
      logged(apiFetch<OwnDealerAnswer>(identityUrl(identityPaths.ownDealer), { signal, auth: true })),
    select: (answer) => answer.dealer,
    enabled,
  });
}

/** After a change of the caller's dealer: its own read answers the new state at once. */
function useOwnDealerWrite<V>(write: (value: V) => Promise<OwnDealer>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (dealer) => {
      client.setQueryData<OwnDealerAnswer>(dealerKeys.own, { dealer });
      void client.invalidateQueries({ queryKey: ['dealer', 'profile'] });
    },
  });
}

export const useApply = () =>
  useOwnDealerWrite((body: DealerBody) =>
    apiFetch<OwnDealer>(identityUrl(identityPaths.dealerApplication), { method: 'POST', body, auth: true }),
  );

export const useUpdateDealer = () =>
  useOwnDealerWrite((body: Omit<DealerBody, 'orgNumber'>) =>
    apiFetch<OwnDealer>(identityUrl(identityPaths.ownDealer), { method: 'PUT', body, auth: true }),
  );

/** The logo is the request's body as it is; the server tells the kind by its first bytes. */
async function uploadLogo(file: File): Promise<OwnDealer> {
  const token = getToken();
  const res = await fetch(identityUrl(identityPaths.ownDealerLogo), {
    method: 'PUT',
    headers: {
      'Content-Type': file.type || 'application/octet-stream',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: file,
  });
  if (!res.ok) {
    const payload = (await res.json().catch(() => ({}))) as { message?: string; field?: string };
    const message =
      res.status === 413
        ? 'Logotypen är för stor. Välj en bild på högst 1 MB.'
        : (payload.message ?? 'Något gick fel.');
    throw new ApiRequestError(res.status, message, payload.field);
  }
  return (await res.json()) as OwnDealer;
}

export const useUploadLogo = () => useOwnDealerWrite(uploadLogo);

export const useAcceptInvite = () =>
  useOwnDealerWrite((token: string) =>
    apiFetch<OwnDealer>(identityUrl(identityPaths.dealerInviteAcceptance), {
      method: 'POST',
      body: { token },
      auth: true,
    }),
  );

export function useMembers() {
  return useQuery({
    queryKey: dealerKeys.members,
    queryFn: ({ signal }) =>
      logged(apiFetch<DealerMembers>(identityUrl(identityPaths.dealerMembers), { signal, auth: true })),
  });
}

/** A change of the members or invitations: the list is read again. */
function useMembersWrite<V>(write: (value: V) => Promise<void>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => client.invalidateQueries({ queryKey: dealerKeys.members }),
  });
}

export const useInvite = () =>
  useMembersWrite((email: string) =>
    apiFetch<void>(identityUrl(identityPaths.dealerInvites), { method: 'POST', body: { email }, auth: true }),
  );

export const useWithdrawInvite = () =>
  useMembersWrite((id: number) =>
    apiFetch<void>(identityUrl(identityPaths.dealerInvite(id)), { method: 'DELETE', auth: true }),
  );

export const useRemoveMember = () =>
  useMembersWrite((username: string) =>
    apiFetch<void>(identityUrl(identityPaths.dealerMember(encodeURIComponent(username))), {
      method: 'DELETE',
      auth: true,
    }),
  );

/** 'Lämna företaget': a member removes themself; the caller then acts for no dealer. */
export function useLeaveDealer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (username: string) =>
      apiFetch<void>(identityUrl(identityPaths.dealerMember(encodeURIComponent(username))), {
        method: 'DELETE',
        auth: true,
      }),
    onSuccess: () => {
      client.setQueryData<OwnDealerAnswer>(dealerKeys.own, { dealer: null });
      client.removeQueries({ queryKey: dealerKeys.members });
    },
  });
}

export function useApiKeys(enabled: boolean) {
  return useQuery({
    queryKey: dealerKeys.apiKeys,
    queryFn: ({ signal }) =>
      logged(apiFetch<ApiKey[]>(identityUrl(identityPaths.dealerApiKeys), { signal, auth: true })),
    enabled,
  });
}

export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      apiFetch<ApiKeyCreated>(identityUrl(identityPaths.dealerApiKeys), { method: 'POST', body: { name }, auth: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: dealerKeys.apiKeys }),
  });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiFetch<void>(identityUrl(identityPaths.dealerApiKey(id)), { method: 'DELETE', auth: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: dealerKeys.apiKeys }),
  });
}

/** An approved dealer's public profile; 404 for any other. */
export function useDealerProfile(slug: string) {
  return useQuery({
    queryKey: dealerKeys.profile(slug),
    queryFn: ({ signal }) =>
      logged(apiFetch<DealerProfile>(identityUrl(identityPaths.dealerProfile(encodeURIComponent(slug))), { signal })),
    retry: (count, error) => !(error instanceof ApiRequestError && error.status < 500) && count < 1,
  });
}

/** Staff: the applications waiting ('Handlare att godkänna'). */
export function useDealerApplications() {
  return useQuery({
    queryKey: dealerKeys.applications,
    queryFn: ({ signal }) =>
      logged(apiFetch<DealerApplication[]>(identityUrl(identityPaths.dealerApplications), { signal, auth: true })),
  });
}

export function useDecideApplication() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason?: string }) =>
      reason === undefined
        ? apiFetch<void>(identityUrl(identityPaths.dealerApproval(id)), { method: 'POST', auth: true })
        : apiFetch<void>(identityUrl(identityPaths.dealerRejection(id)), {
            method: 'POST',
            body: { reason },
            auth: true,
          }),
    onSuccess: () => client.invalidateQueries({ queryKey: dealerKeys.applications }),
  });
}
