import { DealerPage } from '../../features/dealers/components/dealer-page.tsx';
import { FilteredCarList } from '../../features/browse/components/filtered-car-list.tsx';

/** A dealer's page with its cars in the lists' ordinary form: the browse filters, scoped by `dealer`. */
export default function DealerRoute() {
  return (
    <DealerPage
      cars={(slug) => (
        <FilteredCarList key={slug} scope={{ dealer: slug }} heading="Bilar till salu" panelId="dealer-filter-panel" />
      )}
    />
  );
}
