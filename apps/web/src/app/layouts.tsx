import { Outlet, ScrollRestoration } from 'react-router-dom';
import { TabBar } from '../components';

/** Every page: a phone-width column centred on larger screens. */
export function AppFrame() {
  return (
    <div className="app">
      <Outlet />
      <ScrollRestoration />
    </div>
  );
}

/** The four tab pages share the bottom tab bar. */
export function TabLayout() {
  return (
    <div className="tab-layout">
      <div className="tab-layout__body">
        <Outlet />
      </div>
      <TabBar />
    </div>
  );
}
