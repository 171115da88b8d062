import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messagingPaths } from '@bilmarknaden/shared/api-paths';
import type { ChecklistKey, ContractAnswer, ContractView } from '@bilmarknaden/shared/schemas/contract-schemas';
import type { ContractTermsInput } from '@bilmarknaden/shared/validation/contract';
import { apiFetch, ApiRequestError, messagingUrl } from '../../../lib/api-client.ts';
import { logged } from '../../../lib/logged.ts';
import { getToken, useSessionToken } from '../../../lib/session-store.ts';
import { messageKeys } from './messaging-api.ts';

/** The köpekontrakt of a conversation (issue 41): under the conversation's key, dropped with it at logout. */
export const contractKey = (id: number) => [...messageKeys.conversation(id), 'contract'] as const;

export const fetchContract = (id: number, signal?: AbortSignal) =>
  logged(apiFetch<ContractAnswer>(messagingUrl(messagingPaths.contract(id)), { auth: true, signal }));

/** The contract, or the seller's prefilled draft while there is none. */
export function useContract(id: number) {
  const token = useSessionToken();
  return useQuery({
    queryKey: contractKey(id),
    queryFn: ({ signal }) => fetchContract(id, signal),
    enabled: token !== null && id > 0,
  });
}

function useContractWrite<T>(id: number, write: (value: T) => Promise<ContractView>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (contract) => {
      client.setQueryData<ContractAnswer>(contractKey(id), { contract, draft: null });
      // Signed by both: the ad's state ('Såld') on the conversation follows.
      if (contract.signed) void client.invalidateQueries({ queryKey: messageKeys.conversation(id), exact: true });
    },
    onError: () => void client.invalidateQueries({ queryKey: contractKey(id) }),
  });
}

/** 'Skapa köpekontrakt' and its changes (the seller). */
export const useSaveContract = (id: number) =>
  useContractWrite(id, (terms: ContractTermsInput) =>
    apiFetch<ContractView>(messagingUrl(messagingPaths.contract(id)), { method: 'PUT', auth: true, body: { terms } }),
  );

/** 'Signera' the version read. */
export const useSignContract = (id: number) =>
  useContractWrite(id, (version: number) =>
    apiFetch<ContractView>(messagingUrl(messagingPaths.contractSignature(id)), {
      method: 'POST',
      auth: true,
      body: { version },
    }),
  );

/** Ticks an item of the caller's 'Ägarbyte' checklist. */
export const useTickChecklist = (id: number) =>
  useContractWrite(id, ({ item, done }: { item: ChecklistKey; done: boolean }) =>
    apiFetch<ContractView>(messagingUrl(messagingPaths.contractChecklist(id)), {
      method: 'PUT',
      auth: true,
      body: { item, done },
    }),
  );

/** The signed contract's PDF, saved as a file (the route needs the token, so no plain link). */
export async function downloadContractPdf(id: number, filename: string): Promise<void> {
  const token = getToken();
  const res = await fetch(messagingUrl(messagingPaths.contractPdf(id)), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { message?: string };
    throw new ApiRequestError(res.status, body.message ?? 'PDF:en kunde inte hämtas. Försök igen.');
  }
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
