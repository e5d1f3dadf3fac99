import { Suspense } from "react";
import type { RouteObject } from "react-router-dom";
import { RootLayout } from "./components/layout/root-layout";
import { RouteError } from "./components/layout/route-error";
import { LoadingState } from "./components/ui/spinner";
import { lazyPage } from "./lib/lazy-page";

// Every page loads on demand, so a visitor downloads only the screen they open; admin code never reaches shoppers.
// A server-drawn page is painted from its HTML; the browser loads its chunk (src/client/start.tsx), then hydrates it.
const HomePage = lazyPage(() => import("./routes/public/home-page"), "HomePage");
const NotFoundPage = lazyPage(() => import("./routes/public/not-found-page"), "NotFoundPage");
const AboutPage = lazyPage(() => import("./routes/public/about-page"), "AboutPage");
const WinnersPage = lazyPage(() => import("./routes/public/winners-page"), "WinnersPage");
const ContactPage = lazyPage(() => import("./routes/public/contact-page"), "ContactPage");
const TermsPage = lazyPage(() => import("./routes/public/terms-page"), "TermsPage");
const PrivacyPage = lazyPage(() => import("./routes/public/privacy-page"), "PrivacyPage");
const LandingPage = lazyPage(() => import("./routes/public/landing-page"), "LandingPage");
const AuthPage = lazyPage(() => import("./routes/public/auth-page"), "AuthPage");
const AccountPage = lazyPage(() => import("./routes/customer/account-page"), "AccountPage");
const CompetitionsPage = lazyPage(() => import("./routes/public/competitions-page"), "CompetitionsPage");
const CompetitionDetailPage = lazyPage(() => import("./routes/public/competition-detail-page"), "CompetitionDetailPage");
const CheckoutPage = lazyPage(() => import("./routes/public/checkout-page"), "CheckoutPage");
const DirectCheckoutPage = lazyPage(() => import("./routes/public/direct-checkout-page"), "DirectCheckoutPage");
const CheckoutCompletePage = lazyPage(() => import("./routes/public/checkout-complete-page"), "CheckoutCompletePage");
const SimulatedAuthenticatePage = lazyPage(() => import("./routes/public/simulated-authenticate-page"), "SimulatedAuthenticatePage");
const DrawRecordPage = lazyPage(() => import("./routes/public/draw-record-page"), "DrawRecordPage");
const SaferPlayPage = lazyPage(() => import("./routes/public/safer-play-page"), "SaferPlayPage");
const OurCommitmentsPage = lazyPage(() => import("./routes/public/our-commitments-page"), "OurCommitmentsPage");

const AdminLayout = lazyPage(() => import("./routes/admin/admin-layout"), "AdminLayout");
const AdminDashboardPage = lazyPage(() => import("./routes/admin/admin-dashboard-page"), "AdminDashboardPage");
const AdminCampaignsPage = lazyPage(() => import("./routes/admin/admin-campaigns-page"), "AdminCampaignsPage");
const AdminAnalyticsPage = lazyPage(() => import("./routes/admin/admin-analytics-page"), "AdminAnalyticsPage");
const AdminSettingsPage = lazyPage(() => import("./routes/admin/admin-settings-page"), "AdminSettingsPage");
const AdminCategoriesPage = lazyPage(() => import("./routes/admin/admin-categories-page"), "AdminCategoriesPage");
const AdminPopupsPage = lazyPage(() => import("./routes/admin/admin-popups-page"), "AdminPopupsPage");
const AdminDiscountCodesPage = lazyPage(() => import("./routes/admin/admin-discount-codes-page"), "AdminDiscountCodesPage");
const AdminHeroSlidesPage = lazyPage(() => import("./routes/admin/admin-hero-slides-page"), "AdminHeroSlidesPage");
const AdminNotificationsPage = lazyPage(() => import("./routes/admin/admin-notifications-page"), "AdminNotificationsPage");
const AdminAboutPage = lazyPage(() => import("./routes/admin/admin-about-page"), "AdminAboutPage");
const AdminWinnersPage = lazyPage(() => import("./routes/admin/admin-winners-page"), "AdminWinnersPage");
const AdminEntriesPage = lazyPage(() => import("./routes/admin/admin-entries-page"), "AdminEntriesPage");
const AdminMessagesPage = lazyPage(() => import("./routes/admin/admin-messages-page"), "AdminMessagesPage");
const AdminCampaignDrawPage = lazyPage(() => import("./routes/admin/admin-campaign-draw-page"), "AdminCampaignDrawPage");
const AdminPlayerProtectionPage = lazyPage(() => import("./routes/admin/admin-player-protection-page"), "AdminPlayerProtectionPage");
const AdminComplaintsPage = lazyPage(() => import("./routes/admin/admin-complaints-page"), "AdminComplaintsPage");
const AdminReferralsPage = lazyPage(() => import("./routes/admin/admin-referrals-page"), "AdminReferralsPage");
const AdminAuditLogPage = lazyPage(() => import("./routes/admin/admin-audit-log-page"), "AdminAuditLogPage");
const AdminMailPage = lazyPage(() => import("./routes/admin/admin-mail-page"), "AdminMailPage");
const AdminOrderPage = lazyPage(() => import("./routes/admin/admin-order-page"), "AdminOrderPage");
const AdminCustomersPage = lazyPage(() => import("./routes/admin/admin-customers-page"), "AdminCustomersPage");
const AdminCustomerPage = lazyPage(() => import("./routes/admin/admin-customer-page"), "AdminCustomerPage");

/** Every page of the shop: the browser's router and the server's renderer (public pages) share them. */
export const routes: RouteObject[] = [
  {
    // The initiative's landing page has its own header and footer, so it sits outside the shop layout.
    path: "women-in-agriculture",
    errorElement: <RouteError />,
    element: (
      <Suspense fallback={<LoadingState />}>
        <LandingPage />
      </Suspense>
    ),
  },
  {
    // The simulated provider's stand-in for a bank's 3-D Secure page: deliberately not the shop's look.
    path: "payments/simulated/authenticate/:id",
    errorElement: <RouteError />,
    element: (
      <Suspense fallback={<LoadingState />}>
        <SimulatedAuthenticatePage />
      </Suspense>
    ),
  },
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <HomePage /> },
      { path: "about", element: <AboutPage /> },
      { path: "competitions", element: <CompetitionsPage /> },
      { path: "competition/:id", element: <CompetitionDetailPage /> },
      { path: "competition/:id/draw", element: <DrawRecordPage /> },
      { path: "winners", element: <WinnersPage /> },
      { path: "contact", element: <ContactPage /> },
      { path: "auth", element: <AuthPage /> },
      // Account recovery and mailed links (issue #16), each loaded on demand like the pages above.
      { path: "auth/forgot", Component: lazyPage(() => import("./routes/public/forgot-password-page"), "ForgotPasswordPage") },
      { path: "auth/reset", Component: lazyPage(() => import("./routes/public/reset-password-page"), "ResetPasswordPage") },
      { path: "auth/verify", Component: lazyPage(() => import("./routes/public/verify-email-page"), "VerifyEmailPage") },
      { path: "unsubscribe", Component: lazyPage(() => import("./routes/public/unsubscribe-page"), "UnsubscribePage") },
      { path: "account", element: <AccountPage /> },
      // Winners and draw night (issue #17).
      { path: "account/claims/:id", Component: lazyPage(() => import("./routes/customer/claim-page"), "ClaimPage") },
      { path: "live", Component: lazyPage(() => import("./routes/public/live-page"), "LivePage") },
      { path: "checkout", element: <CheckoutPage /> },
      { path: "checkout/direct", element: <DirectCheckoutPage /> },
      { path: "checkout/complete", element: <CheckoutCompletePage /> },
      { path: "terms", element: <TermsPage /> },
      { path: "privacy", element: <PrivacyPage /> },
      { path: "safer-play", element: <SaferPlayPage /> },
      { path: "our-commitments", element: <OurCommitmentsPage /> },
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
          { path: "discount-codes", element: <AdminDiscountCodesPage /> },
          { path: "hero-slides", element: <AdminHeroSlidesPage /> },
          { path: "notifications", element: <AdminNotificationsPage /> },
          { path: "about-page", element: <AdminAboutPage /> },
          { path: "winners", element: <AdminWinnersPage /> },
          { path: "entries", element: <AdminEntriesPage /> },
          { path: "messages", element: <AdminMessagesPage /> },
          { path: "campaigns/:id/draw", element: <AdminCampaignDrawPage /> },
          { path: "player-protection", element: <AdminPlayerProtectionPage /> },
          { path: "complaints", element: <AdminComplaintsPage /> },
          { path: "referrals", element: <AdminReferralsPage /> },
          { path: "audit-log", element: <AdminAuditLogPage /> },
          { path: "mail", element: <AdminMailPage /> },
          { path: "orders/:id", element: <AdminOrderPage /> },
          { path: "customers", element: <AdminCustomersPage /> },
          { path: "customers/:id", element: <AdminCustomerPage /> },
          { path: "live", Component: lazyPage(() => import("./routes/admin/admin-live-page"), "AdminLivePage") },
          { path: "*", element: <NotFoundPage /> },
        ],
      },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];
