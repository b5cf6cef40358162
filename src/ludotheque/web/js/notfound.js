// The page of an address where there is no table (served with a 404 status).

import { applyStatic, mountToggle } from "./i18n.js";

mountToggle(document.getElementById("lang"));
applyStatic();
