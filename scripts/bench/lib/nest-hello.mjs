// The baseline of bench:orders: a minimal Nest 12 app (the same @nestjs/core and Fastify platform
// the api uses, one process) with a hello-world route. POST /api/hello takes
// the same JSON body and headers as POST /api/orders and answers 201 { hello: 'world' };
// GET /api/health answers 200 for readiness. Plain JS, so the decorators are applied by hand.
// env: PORT
import 'reflect-metadata';
import { Controller, Get, HttpCode, Module, Post } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';

class HelloController {
  hello() {
    return { hello: 'world' };
  }

  health() {
    return { status: 'ok' };
  }
}
const method = (name) => Object.getOwnPropertyDescriptor(HelloController.prototype, name);
Reflect.decorate([Post('hello'), HttpCode(201)], HelloController.prototype, 'hello', method('hello'));
Reflect.decorate([Get('health')], HelloController.prototype, 'health', method('health'));
Reflect.decorate([Controller()], HelloController);

class HelloModule {}
Reflect.decorate([Module({ controllers: [HelloController] })], HelloModule);

const app = await NestFactory.create(HelloModule, new FastifyAdapter(), { logger: ['error', 'warn'] });
app.setGlobalPrefix('api');
app.enableShutdownHooks();
await app.listen(Number(process.env.PORT), '127.0.0.1');
console.log(`nest hello-world listening on ${process.env.PORT}`);
