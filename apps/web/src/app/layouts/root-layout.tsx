import { useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { FullPageLoader } from '../../components/ui/full-page-loader.tsx';

/** Scroll to the top on every path change, and the loader while the next screen loads. */
export function RootLayout() {
  const { pathname } = useLocation();
  const navigation = useNavigation();

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <>
      {navigation.state === 'loading' && <FullPageLoader delayed />}
      <Outlet />
    </>
  );
}
