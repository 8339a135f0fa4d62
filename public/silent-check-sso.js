// keycloak-js check-sso: hand the identity provider's answer (in this frame's URL) to the app.
parent.postMessage(location.href, location.origin);
