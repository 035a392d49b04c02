import { Route, Routes } from '@shop/shared/router';
import { Layout } from './layout/Layout';
import { shopRoutes, useRouteTable } from './routes';

export function App() {
  const { table } = useRouteTable();
  return (
    <Routes>
      <Route element={<Layout />}>{shopRoutes(table)}</Route>
    </Routes>
  );
}
