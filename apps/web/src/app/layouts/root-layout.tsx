import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { FullPageLoader } from '../../components/ui/full-page-loader.tsx';

/**
 * Scroll to the top when the path changes, and the loader while the next screen loads. Not on
 * the first render: the browser has placed the page (a reload keeps its place), and a page the
 * server rendered may have been scrolled before its scripts arrived; a jump to the top then
 * moved the page under the reader's finger (issue 23).
 */
export function RootLayout() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const shown = useRef(pathname);

  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <>
      {navigation.state === 'loading' && <FullPageLoader delayed />}
      <Outlet />
    </>
  );
}
