

2.0€ÙÛÙO
alert-1*D**
embankment8R2
0
.Embankment is closed: trains do not stop there