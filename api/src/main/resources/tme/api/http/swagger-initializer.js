// Swagger UI for tme-api: this server's own document, and nothing fetched from anywhere else.
// validatorUrl: null turns off the validator badge, which would send the document to an outside validator.
// BaseLayout: no top bar (its box loads any URL typed into it; this page describes one API).
window.onload = function () {
  window.ui = SwaggerUIBundle({
    url: "/openapi.json",
    dom_id: "#swagger-ui",
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: "BaseLayout"
  });
};
