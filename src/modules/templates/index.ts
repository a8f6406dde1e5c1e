// The templates module's public surface: other modules import from here, never from its inner files.

export {
  fillText,
  parameterProblems,
  parameterValue,
  type RecipientFields,
  type TemplateNeeds,
  type TemplateShape,
  templateNeeds,
  templateSendFor,
} from './template-fill.js';
export { findTemplate as findTemplateOfBusiness, type TemplateRow } from './templates.repository.js';
export { templatesRoutes } from './templates.routes.js';
export {
  type TemplateParameter,
  type TemplateParameters,
  type TemplateStatusEvent,
  templateParameters,
  templateStatusEventSchema,
} from './templates.schemas.js';
export { applyTemplateEvent, TEMPLATE_STATUS_EVENT, type TemplateEvent } from './templates.service.js';
