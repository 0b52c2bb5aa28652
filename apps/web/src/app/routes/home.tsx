import { lazy, Suspense } from 'react';
import { HomePage } from '../../features/home/components/home-page.tsx';
import { useAuth } from '../../lib/auth/auth-context.ts';

// "Surat Anda" loads only for a signed-in resident: the public first load never carries it.
const YourLetters = lazy(async () => ({
  default: (await import('../../features/letters/components/your-letters.tsx')).YourLetters,
}));

/** Beranda (features/home) with, for a signed-in resident, "Surat Anda" (features/letters). */
export function HomeRoute() {
  const { isAuthenticated, isAdmin } = useAuth();
  return (
    <HomePage
      yourLetters={
        isAuthenticated && !isAdmin ? (
          <Suspense fallback={null}>
            <YourLetters />
          </Suspense>
        ) : undefined
      }
    />
  );
}
