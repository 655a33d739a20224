import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const NGINX = '/usr/sbin/nginx';

/**
 * nginx as a plain reverse proxy with upstream keep-alive, `workers` worker processes (run.ts gives
 * it as many as the gateway has). With `accessLog`, a line per request to a file through an 8 kB
 * buffer, as the gateway writes its request log lines; without, none.
 */
export async function startNginx(dir: string, listenPort: number, upstreamPort: number, workers = 1, accessLog = false): Promise<ChildProcess> {
  if (!existsSync(NGINX)) throw new Error(`${NGINX} is missing: apt-get install -y nginx-light`);
  await mkdir(join(dir, 'logs'), { recursive: true });
  const conf = join(dir, 'nginx.conf');
  await writeFile(
    conf,
    `daemon off;
worker_processes ${workers};
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log warn;
events { worker_connections 4096; }
http {
  ${accessLog ? `access_log ${dir}/logs/access.log combined buffer=8k flush=1s;` : 'access_log off;'}
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream service { server 127.0.0.1:${upstreamPort}; keepalive 128; }
  server {
    listen 127.0.0.1:${listenPort};
    location / {
      proxy_pass http://service;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
    }
  }
}
`,
  );
  return spawn(NGINX, ['-p', dir, '-c', conf], { stdio: ['ignore', 'ignore', 'inherit'] });
}
