import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { Area } from './components/Area';
import { Layout } from './components/Layout';
import { contentRoutes } from './contentRoutes';
import { ActivityPage } from './pages/ActivityPage/ActivityPage';
import { CustomerPage } from './pages/CustomerPage/CustomerPage';
import { CustomersPage } from './pages/CustomersPage/CustomersPage';
import { DashboardPage } from './pages/DashboardPage/DashboardPage';
import { MessagesPage } from './pages/MessagesPage/MessagesPage';
import { OrderPage } from './pages/OrderPage/OrderPage';
import { OrdersPage } from './pages/OrdersPage/OrdersPage';
import { ImportPage } from './pages/ImportPage/ImportPage';
import { NewProductPage, ProductPage } from './pages/ProductPage/ProductPage';
import { ProductsPage } from './pages/ProductsPage/ProductsPage';
import { SetupPage } from './pages/SetupPage/SetupPage';
import { SignInPage } from './pages/SignInPage/SignInPage';
import { StaffPage } from './pages/StaffPage/StaffPage';
import { useSession } from './session';
import ui from './ui.module.css';

function SignedIn() {
  const { session } = useSession();
  const location = useLocation();
  if (session === undefined) return <p className={ui.muted}>Loading…</p>;
  if (session === null) return <Navigate to="/sign-in" replace state={{ from: location.pathname + location.search }} />;
  return <Layout />;
}

export function App() {
  return (
    <Routes>
      <Route path="/setup" element={<SetupPage />} />
      <Route path="/sign-in" element={<SignInPage />} />
      <Route element={<SignedIn />}>
        <Route index element={<DashboardPage />} />
        <Route path="orders" element={<Area name="orders"><OrdersPage /></Area>} />
        <Route path="orders/:id" element={<Area name="orders"><OrderPage /></Area>} />
        <Route path="customers" element={<Area name="customers"><CustomersPage /></Area>} />
        <Route path="customers/:id" element={<Area name="customers"><CustomerPage /></Area>} />
        <Route path="messages" element={<Area name="messages"><MessagesPage /></Area>} />
        <Route path="products" element={<Area name="catalogue"><ProductsPage /></Area>} />
        <Route path="products/new" element={<Area name="catalogue"><NewProductPage /></Area>} />
        <Route path="products/import" element={<Area name="catalogue"><ImportPage /></Area>} />
        <Route path="products/:id" element={<Area name="catalogue"><ProductPage /></Area>} />
        {contentRoutes}
        <Route path="staff" element={<Area name="staff"><StaffPage /></Area>} />
        <Route path="activity" element={<Area name="activity"><ActivityPage /></Area>} />
        <Route path="*" element={<p>There is no such page in the back office.</p>} />
      </Route>
    </Routes>
  );
}
