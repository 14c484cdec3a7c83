import { createServer, type AddressInfo, type Server, type Socket } from 'node:net'

/**
 * A minimal SMTP server for the tests that deliver through SMTP_URL: it takes every mail and keeps it,
 * each recipient's address as sent (`<a@b>`) and, in `recipients`, as a bare lower-case address.
 */

export interface Received {
  from: string
  to: string[]
  data: string
}

export interface SmtpSinkOptions {
  /** Refuse every sender (550). */
  refuse?: boolean
  /** Answer the first this many senders "try again later" (451). */
  busyFor?: number
  /** Milliseconds before a mail's data is accepted (so that deliveries of two processes overlap). */
  acceptAfterMs?: number
}

export const startSmtp = async (options: SmtpSinkOptions = {}) => {
  let busy = options.busyFor ?? 0
  const received: Received[] = []
  const recipients: string[] = []
  const server: Server = createServer((socket: Socket) => {
    let buffer = ''
    let inData = false
    let current: Received = { from: '', to: [], data: '' }
    socket.write('220 test ESMTP\r\n')
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8')
      let index: number
      while ((index = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, index)
        buffer = buffer.slice(index + 2)
        if (inData) {
          if (line === '.') {
            inData = false
            received.push(current)
            recipients.push(...current.to.map((to) => /<([^>]*)>/.exec(to)?.[1]?.toLowerCase() ?? to))
            current = { from: '', to: [], data: '' }
            if (options.acceptAfterMs) setTimeout(() => socket.write('250 queued\r\n'), options.acceptAfterMs)
            else socket.write('250 queued\r\n')
          } else current.data += `${line.startsWith('..') ? line.slice(1) : line}\n`
          continue
        }
        const command = line.slice(0, 4).toUpperCase()
        if (command === 'EHLO' || command === 'HELO') socket.write('250-test\r\n250 8BITMIME\r\n')
        else if (command === 'MAIL') {
          current.from = line
          if (busy > 0) {
            busy--
            socket.write('451 try again later\r\n')
          } else socket.write(options.refuse ? '550 sender refused\r\n' : '250 ok\r\n')
        } else if (command === 'RCPT') {
          current.to.push(line)
          socket.write('250 ok\r\n')
        } else if (command === 'DATA') {
          inData = true
          socket.write('354 go ahead\r\n')
        } else if (command === 'QUIT') {
          socket.end('221 bye\r\n')
        } else socket.write('250 ok\r\n')
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, received, recipients, url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}` }
}
