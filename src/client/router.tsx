import { lazy, type ComponentType } from "react";
import { createBrowserRouter } from "react-router-dom";
import { RootLayout } from "./components/layout/root-layout";
import { RouteError } from "./components/layout/route-error";
import { AboutPage } from "./routes/public/about-page";
import { CheckoutPage } from "./routes/public/checkout-page";
import { CompetitionDetailPage } from "./routes/public/competition-detail-page";
import { CompetitionsPage } from "./routes/public/competitions-page";
import { ContactPage } from "./routes/public/contact-page";
import { DirectCheckoutPage } from "./routes/public/direct-checkout-page";
import { HomePage } from "./routes/public/home-page";
import { NotFoundPage } from "./routes/public/not-found-page";
import { PrivacyPage } from "./routes/public/privacy-page";
import { TermsPage } from "./routes/public/terms-page";
import { WinnersPage } from "./routes/public/winners-page";

/** React.lazy for a named export, so pages keep named exports. */
function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

// Forms and account screens load on demand; admin code is never downloaded by shoppers.
const AuthPage = lazyNamed(() => import("./routes/public/auth-page"), "AuthPage");
const AccountPage = lazyNamed(() => import("./routes/customer/account-page"), "AccountPage");

const AdminLayout = lazyNamed(() => import("./routes/admin/admin-layout"), "AdminLayout");
const AdminDashboardPage = lazyNamed(() => import("./routes/admin/admin-dashboard-page"), "AdminDashboardPage");
const AdminCampaignsPage = lazyNamed(() => import("./routes/admin/admin-campaigns-page"), "AdminCampaignsPage");
const AdminAnalyticsPage = lazyNamed(() => import("./routes/admin/admin-analytics-page"), "AdminAnalyticsPage");
const AdminSettingsPage = lazyNamed(() => import("./routes/admin/admin-settings-page"), "AdminSettingsPage");
const AdminCategoriesPage = lazyNamed(() => import("./routes/admin/admin-categories-page"), "AdminCategoriesPage");
const AdminPopupsPage = lazyNamed(() => import("./routes/admin/admin-popups-page"), "AdminPopupsPage");
const AdminHeroSlidesPage = lazyNamed(() => import("./routes/admin/admin-hero-slides-page"), "AdminHeroSlidesPage");
const AdminNotificationsPage = lazyNamed(() => import("./routes/admin/admin-notifications-page"), "AdminNotificationsPage");
const AdminAboutPage = lazyNamed(() => import("./routes/admin/admin-about-page"), "AdminAboutPage");
const AdminWinnersPage = lazyNamed(() => import("./routes/admin/admin-winners-page"), "AdminWinnersPage");

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <HomePage /> },
      { path: "about", element: <AboutPage /> },
      { path: "competitions", element: <CompetitionsPage /> },
      { path: "competition/:id", element: <CompetitionDetailPage /> },
      { path: "winners", element: <WinnersPage /> },
      { path: "contact", element: <ContactPage /> },
      { path: "auth", element: <AuthPage /> },
      { path: "account", element: <AccountPage /> },
      { path: "checkout", element: <CheckoutPage /> },
      { path: "checkout/direct", element: <DirectCheckoutPage /> },
      { path: "terms", element: <TermsPage /> },
      { path: "privacy", element: <PrivacyPage /> },
      {
        path: "admin",
        element: <AdminLayout />,
        children: [
          { index: true, element: <AdminDashboardPage /> },
          { path: "campaigns", element: <AdminCampaignsPage /> },
          { path: "analytics", element: <AdminAnalyticsPage /> },
          { path: "settings", element: <AdminSettingsPage /> },
          { path: "categories", element: <AdminCategoriesPage /> },
          { path: "popups", element: <AdminPopupsPage /> },
          { path: "hero-slides", element: <AdminHeroSlidesPage /> },
          { path: "notifications", element: <AdminNotificationsPage /> },
          { path: "about-page", element: <AdminAboutPage /> },
          { path: "winners", element: <AdminWinnersPage /> },
          { path: "*", element: <NotFoundPage /> },
        ],
      },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
]);
