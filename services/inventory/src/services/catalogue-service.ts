import type { Queryable } from '@bilmarknaden/db/database';
import type { Make, Model } from '@bilmarknaden/shared/api-types';
import { DomainError } from '@bilmarknaden/service-kit/domain-error';
import { MESSAGES } from '../errors.ts';
import { makesRepository } from '../repositories/makes-repository.ts';

/** The makes and models of the catalogue, alphabetical. */
export function catalogueService({ db }: { db: Queryable }) {
  const makes = makesRepository(db);
  return {
    makes(): Promise<Make[]> {
      return makes.listMakes();
    },

    /** The models of a make named case-insensitively: 400 without a name, 404 for an unknown make. */
    async models(makeName: string | undefined): Promise<Model[]> {
      const name = makeName?.trim() ?? '';
      if (name === '') throw new DomainError('invalid', 'Ange ett märke', { field: 'make' });
      const make = await makes.findMake(name);
      if (!make) throw new DomainError('not-found', MESSAGES.makeNotFound);
      return makes.listModels(make.id);
    },
  };
}

export type CatalogueService = ReturnType<typeof catalogueService>;
