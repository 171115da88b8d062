import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { CardActionProvider, type CardAction } from '../components/card-action.tsx';
import { SaveButton } from '../features/saved/components/save-button.tsx';
import { createQueryClient } from './query-client.ts';
import { appRouter } from './router.tsx';

const queryClient = createQueryClient();
// The heart on every card of a list: save without opening the ad.
const cardHeart: CardAction = (car) => <SaveButton car={car} named />;

export function AppProviders() {
  return (
    <QueryClientProvider client={queryClient}>
      <CardActionProvider action={cardHeart}>
        <RouterProvider router={appRouter()} />
      </CardActionProvider>
    </QueryClientProvider>
  );
}
