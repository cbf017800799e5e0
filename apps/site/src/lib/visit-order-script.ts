/**
 * The inline script of visit-order.ts, in a module of its own: only the prerender needs its text, so the
 * client's bundle never carries it.
 */
import { SHUFFLED_GRID_SELECTOR } from "./visit-order.ts";

/**
 * Fisher-Yates over the grid's child elements, moved with appendChild (a move, not a copy). Its hash goes
 * into the CSP like every inline script of the export (apps/server/src/http/static-site.ts).
 */
export const VISIT_ORDER_SCRIPT = `(function(){var g=document.querySelector(${JSON.stringify(SHUFFLED_GRID_SELECTOR)});if(!g)return;var c=[].slice.call(g.children);for(var i=c.length-1;i>0;i--){var j=Math.floor(Math.random()*(i+1)),t=c[i];c[i]=c[j];c[j]=t}for(var k=0;k<c.length;k++)g.appendChild(c[k])})()`;
