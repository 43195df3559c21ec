import type Sigma from 'sigma';
import type { EdgeData, KnowledgeGraph, NodeData } from './graph-model';

/** Saves what the canvas shows as a PNG: sigma's layers drawn onto one white canvas. */
export function exportPng(sigma: Sigma<NodeData, EdgeData>, fileName: string): void {
  sigma.refresh();
  const { width, height } = sigma.getDimensions();
  const ratio = window.devicePixelRatio || 1;
  const out = document.createElement('canvas');
  out.width = width * ratio;
  out.height = height * ratio;
  const context = out.getContext('2d');
  if (!context) throw new Error('this browser cannot draw a 2D canvas');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, out.width, out.height);
  for (const layer of Object.values(sigma.getCanvases())) {
    context.drawImage(layer, 0, 0, out.width, out.height);
  }
  out.toBlob((blob) => {
    if (blob) download(blob, fileName);
  }, 'image/png');
}

/** Saves the loaded graph in graphology's serialised form (`Graph.from(json)` reads it back). */
export function exportJson(graph: KnowledgeGraph, fileName: string): void {
  download(new Blob([JSON.stringify(graph.export(), null, 2)], { type: 'application/json' }), fileName);
}

function download(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
