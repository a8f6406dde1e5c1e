// The webhooks module's public surface: other modules, jobs and the app import from here, never from its
// inner files.
export { cloudWebhookRoutes } from './cloud.routes.js';
export { messagingWebhookRoutes } from './messaging.routes.js';
export { MessagingWebhookService } from './messaging.service.js';
export { PaymentEventProcessor } from './payment.events.js';
export { paymentWebhookRoutes } from './payment.routes.js';
