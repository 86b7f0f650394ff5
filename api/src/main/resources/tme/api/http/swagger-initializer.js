// Swagger UI for tme-api: this server's own document, and nothing fetched from anywhere else.
// validatorUrl: null turns off the validator badge, which would send the document to an outside validator.
// BaseLayout: no top bar (its box loads any URL typed into it; this page describes one API).
// HeadOnceWithGet: the document declares a HEAD operation beside every GET (HEAD is answered, with the GET's status
// and headers and no body, and clients generated from the document should know it), but listed in the page each
// route would appear twice; the page lists the GET, whose description says HEAD is answered too.
const HeadOnceWithGet = function () {
  return {
    statePlugins: {
      spec: {
        wrapSelectors: {
          taggedOperations: (original) => (...args) => original(...args).map((tag) =>
            tag.update("operations", (operations) => operations.filter((op) => op.get("method") !== "head")))
        }
      }
    }
  };
};

window.onload = function () {
  window.ui = SwaggerUIBundle({
    url: "/openapi.json",
    dom_id: "#swagger-ui",
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    plugins: [HeadOnceWithGet],
    layout: "BaseLayout"
  });
};
