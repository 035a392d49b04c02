import { Route, Routes } from 'react-router-dom';
import { Layout } from './layout/Layout';
import { shopRoutes } from './routes';

export function App() {
  return (
    <Routes>
      <Route element={<Layout />}>{shopRoutes()}</Route>
    </Routes>
  );
}
